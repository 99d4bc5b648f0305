/** Where a saved view opens: its search as each area's list reads it (features/views/places.ts). */
import { describe, expect, it } from 'vitest';
import { isShown, queryToSave, viewSearch, type ListPlace } from '../../../src/client/features/views/places.ts';

const place = (param: 'scope' | 'tab', scopes: string[], path: string): ListPlace => ({ area: 'admin', path, param, scopes, count: () => ({ source: 'all', filters: {} }) });
const ADMIN = place('scope', ['all', 'my'], '/admin/tickets');
const SUPPORT = place('scope', ['my', 'all'], '/support');
const DEVELOPER = place('tab', ['assigned', 'all'], '/developer');

describe('viewSearch', () => {
  it('reads a scope under the list’s own name and leaves the default out', () => {
    expect(viewSearch(ADMIN, 'scope=all&priority=low&view=table')).toBe('?priority=low&view=table');
    expect(viewSearch(SUPPORT, 'scope=all&priority=low')).toBe('?scope=all&priority=low');
    expect(viewSearch(DEVELOPER, 'scope=all&priority=low')).toBe('?tab=all&priority=low');
    expect(viewSearch(ADMIN, 'tab=all&status=closed')).toBe('?status=closed');
  });

  it('drops a scope the list does not have (its default stands)', () => {
    expect(viewSearch(DEVELOPER, 'scope=my&status=opened')).toBe('?status=opened');
    expect(viewSearch(ADMIN, 'tab=assigned')).toBe('');
  });
});

describe('queryToSave', () => {
  it('writes the scope out, the default too, so a view means the same list in every area', () => {
    expect(queryToSave(ADMIN, '?priority=low&sort=oldest')).toBe('scope=all&priority=low&sort=oldest');
    expect(queryToSave(SUPPORT, '')).toBe('scope=my');
    expect(queryToSave(DEVELOPER, 'tab=all&q=printer')).toBe('tab=all&q=printer');
  });
});

describe('isShown', () => {
  it('is the list on screen whatever the default scope’s spelling', () => {
    expect(isShown(ADMIN, 'scope=all&priority=low', '/admin/tickets', 'priority=low')).toBe(true);
    expect(isShown(ADMIN, 'scope=all&priority=low', '/admin/tickets', 'priority=low&view=table')).toBe(false);
    expect(isShown(ADMIN, 'scope=all&priority=low', '/admin', 'priority=low')).toBe(false);
  });
});
