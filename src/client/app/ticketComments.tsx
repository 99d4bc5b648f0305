/**
 * The comments feature in the ticket pages' timeline slot, with the canned replies' menu in its
 * composer: the features meet here, in app/, because no feature imports another
 * (docs/client-architecture.md, "Boundaries"). The tickets feature hands over its activity
 * entries; the comments feature lays them out with its comments.
 */
import type { Activity } from '../components/Timeline.tsx';
import type { ComposerTools } from '../features/comments/components/Comments.tsx';
import { TicketTimeline } from '../features/comments/components/TicketTimeline.tsx';
import { RepliesMenu } from '../features/replies/components/RepliesMenu.tsx';

const repliesMenu: ComposerTools = (insert) => <RepliesMenu onInsert={insert} />;

export const ticketComments = (number: string, activity: Activity) => (
  <TicketTimeline number={number} activity={activity} composerTools={repliesMenu} />
);
