import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Toaster } from '../../../src/client/components/Toaster.tsx';
import { toast } from '../../../src/client/lib/toast.ts';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const shown = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

afterEach(() => setHidden(false));

describe('Toaster', () => {
  test('announces politely; success and error toasts look different', () => {
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    expect(screen.getByRole('list').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('Saved').closest('li')!.className).toMatch(/success/);
    expect(screen.getByText('Failed').closest('li')!.className).toMatch(/error/);
  });

  test('shows at most 3; the fourth waits and appears when a visible one leaves', async () => {
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.success(`Toast ${n}`);
    });
    expect(shown()).toEqual(['Toast 1', 'Toast 2', 'Toast 3']);
    fireEvent.click(within(screen.getByText('Toast 2').closest('li')!).getByRole('button', { name: 'Close notification' }));
    expect(shown()).toEqual(['Toast 1', 'Toast 3', 'Toast 4']);
  });

  test('each toast stays 4000 ms; a waiting one starts its time when it appears', async () => {
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.success(`Toast ${n}`);
    });
    await advance(3999);
    expect(shown()).toHaveLength(3);
    await advance(1);
    expect(shown()).toEqual(['Toast 4']);
    await advance(3999);
    expect(shown()).toEqual(['Toast 4']);
    await advance(1);
    expect(shown()).toEqual([]);
  });

  test('hovering pauses the timers, leaving resumes with the time that was left', async () => {
    act(() => void toast.error('Hover me'));
    await advance(3000);
    fireEvent.mouseEnter(screen.getByRole('list'));
    await advance(10_000);
    expect(shown()).toEqual(['Hover me']);
    fireEvent.mouseLeave(screen.getByRole('list'));
    await advance(999);
    expect(shown()).toEqual(['Hover me']);
    await advance(1);
    expect(shown()).toEqual([]);
  });

  test('a hidden tab pauses the timers', async () => {
    act(() => void toast.success('Background'));
    await advance(1000);
    setHidden(true);
    await advance(60_000);
    expect(shown()).toEqual(['Background']);
    setHidden(false);
    await advance(3000);
    expect(shown()).toEqual([]);
  });

  test('swiping right past 20 px dismisses; 19 or 20 px springs back, 21 px dismisses', async () => {
    act(() => void toast.success('Swipe me'));
    const item = screen.getByText('Swipe me').closest('li')!;
    const swipe = (px: number) => {
      fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: 100 + px, pointerId: 1 });
      fireEvent.pointerUp(item, { clientX: 100 + px, pointerId: 1 });
    };
    swipe(19);
    expect(shown()).toEqual(['Swipe me']);
    expect(item.style.transform).toBe('');
    swipe(20);
    expect(shown()).toEqual(['Swipe me']);
    swipe(21);
    expect(shown()).toEqual([]);
  });

  test('toast.dismiss() with no id clears them all', () => {
    act(() => {
      toast.success('A');
      toast.success('B');
    });
    act(() => toast.dismiss());
    expect(shown()).toEqual([]);
  });
});
