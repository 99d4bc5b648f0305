/** design.md#notifications: @mention tokens, the sentences, the strongest reason, and the request parsers. */
import { describe, expect, it } from 'vitest';
import { mentionTokens, notificationText, parsePreferences, parseReadRequest } from '../../src/shared/index.ts';
import { whoIsTold } from '../../src/server/events/recipients.ts';

describe('mentionTokens', () => {
  it('finds @ + an address or a local part, once each, without trailing dots', () => {
    expect(mentionTokens('@dana please, and @ada.lovelace@example.com. Thanks @dana.')).toEqual(['dana', 'ada.lovelace@example.com']);
  });
  it('starts no mention at an @ inside a word (an address written out)', () => {
    expect(mentionTokens('Write to dana@example.com or x@y')).toEqual([]);
  });
  it('reads the start of a line and after punctuation', () => {
    expect(mentionTokens('@lead\n(@second) "@third"')).toEqual(['lead', 'second', 'third']);
  });
  it('takes non-ASCII local parts', () => {
    expect(mentionTokens('@jürgen ok')).toEqual(['jürgen']);
  });
});

describe('notificationText', () => {
  const ticket = { number: 'TCK-000042', title: 'Printer\non   fire' };
  it('says "to you" to the developer assigned and names them to others', () => {
    const change = { kind: 'assigned', developer: 'Dana', developerId: 7 } as const;
    expect(notificationText('Ada', ticket, change, 'assigned', 7)).toBe('Ada assigned TCK-000042 "Printer on fire" to you');
    expect(notificationText('Ada', ticket, change, 'my_ticket', 3)).toBe('Ada assigned TCK-000042 "Printer on fire" to Dana');
  });
  it('says a mention as one', () => {
    expect(notificationText('Ada', ticket, { kind: 'commented' }, 'mention', 3)).toBe('Ada mentioned you on TCK-000042 "Printer on fire"');
    expect(notificationText('Ada', ticket, { kind: 'commented' }, 'watching', 3)).toBe('Ada commented on TCK-000042 "Printer on fire"');
    expect(notificationText('Ada', ticket, { kind: 'closed' }, 'my_ticket', 3)).toBe('Ada closed TCK-000042 "Printer on fire"');
  });
});

describe('whoIsTold', () => {
  const people = { actorId: 1, creatorId: 2, developerId: 3, watcherIds: [2, 4, 1], commenterIds: [4, 5, 1], mentionedIds: [5, 6, 1] };
  it('tells each once with the strongest reason, never the actor', () => {
    expect(Object.fromEntries(whoIsTold({ kind: 'commented' }, people))).toEqual({ 2: 'my_ticket', 3: 'assigned', 4: 'comment', 5: 'mention', 6: 'mention' });
  });
  it('tells only the creator and the developer of a status change', () => {
    expect(Object.fromEntries(whoIsTold({ kind: 'closed' }, people))).toEqual({ 2: 'my_ticket', 3: 'assigned' });
  });
});

describe('parsers', () => {
  it('reads {ids} or {all: true} and nothing else', () => {
    expect(parseReadRequest({ ids: [1, '2'] }).request).toEqual({ ids: [1, 2] });
    expect(parseReadRequest({ all: true }).request).toEqual({ all: true });
    for (const body of [{}, { all: false }, { ids: [0] }, { ids: 'x' }, { ids: [1], all: true }, null]) expect(parseReadRequest(body).errors).not.toEqual({});
  });
  it('wants every switch as a boolean', () => {
    const email = { assigned: true, my_tickets: false, comments: true, mentions: true, sla: false };
    expect(parsePreferences({ email }).preferences).toEqual({ email });
    expect(parsePreferences({ email: { ...email, sla: 'no' } }).errors).toEqual({ 'email.sla': expect.any(String) });
  });
});
