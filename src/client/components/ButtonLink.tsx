/** Re-exported so that `components/ButtonLink.tsx` works as well as `components/Button.tsx`. */
export { ButtonLink, type ButtonLinkProps } from './Button.tsx';
