/** Scroll memory stays bounded: a tab that visits many lists keeps only the latest 50 addresses. */
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useScrollMemory } from '../../../src/client/lib/scrollMemory.ts';

describe('scroll memory', () => {
  it('forgets the oldest addresses beyond 50', () => {
    sessionStorage.clear();
    vi.useFakeTimers();
    for (let i = 0; i < 60; i++) {
      vi.setSystemTime(1_000_000 + i);
      renderHook(() => useScrollMemory(`/admin/tickets?q=word${i}`, [undefined, () => {}], 1, true)).unmount();
    }
    vi.useRealTimers();
    const keys = Object.keys(sessionStorage).filter((key) => key.startsWith('helpdesk.scroll:'));
    expect(keys).toHaveLength(50);
    expect(keys).toContain('helpdesk.scroll:/admin/tickets?q=word59');
    expect(keys).not.toContain('helpdesk.scroll:/admin/tickets?q=word0');
  });
});
