export { PriorityBadge } from './Badge.tsx';
