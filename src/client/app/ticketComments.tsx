/**
 * The comments feature in the ticket pages' comments slot: the two features meet here, in app/,
 * because no feature imports another (docs/client-architecture.md, "Boundaries").
 */
import { Comments } from '../features/comments/components/Comments.tsx';

export const ticketComments = (number: string) => <Comments number={number} />;
