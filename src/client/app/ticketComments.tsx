/**
 * The comments feature in the ticket pages' comments slot, with the canned replies' menu in its
 * composer: the features meet here, in app/, because no feature imports another
 * (docs/client-architecture.md, "Boundaries").
 */
import { Comments, type ComposerTools } from '../features/comments/components/Comments.tsx';
import { RepliesMenu } from '../features/replies/components/RepliesMenu.tsx';

const repliesMenu: ComposerTools = (insert) => <RepliesMenu onInsert={insert} />;

export const ticketComments = (number: string) => <Comments number={number} composerTools={repliesMenu} />;
