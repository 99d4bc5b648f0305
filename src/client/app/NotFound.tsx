/** An unknown path inside an area. */
import { ButtonLink } from '../components/Button.tsx';
import { EmptyStateFrame } from './EmptyStateFrame.tsx';

export function NotFound({ home }: { home: string }) {
  return (
    <EmptyStateFrame title="Page not found" text="There is nothing at this address.">
      <ButtonLink href={home} variant="secondary">
        Go to home
      </ButtonLink>
    </EmptyStateFrame>
  );
}
