export * from './constants.ts';
export * from './format.ts';
export * from './messages.ts';
export * from './types.ts';
export * from './validators.ts';
export * from './ticketFields.ts';
export * from './workQueue.ts';
export * from './comments.ts';
