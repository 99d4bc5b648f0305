export { StatusBadge } from './Badge.tsx';
