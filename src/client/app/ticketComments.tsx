/**
 * The comments feature in the ticket pages' timeline slot: the two features meet here, in app/,
 * because no feature imports another (docs/client-architecture.md, "Boundaries"). The tickets
 * feature hands over its activity entries; the comments feature lays them out with its comments.
 */
import type { Activity } from '../components/Timeline.tsx';
import { TicketTimeline } from '../features/comments/components/TicketTimeline.tsx';

export const ticketComments = (number: string, activity: Activity) => <TicketTimeline number={number} activity={activity} />;
