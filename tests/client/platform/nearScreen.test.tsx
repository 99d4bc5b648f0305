/**
 * useWhenNearScreen (lib/useWhenNearScreen.ts) with an IntersectionObserver driven by the test:
 * happy-dom has none, so each observer here reports only what the test says the element does.
 */
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useWhenNearScreen } from '../../../src/client/lib/useWhenNearScreen.ts';

/** The observers alive now, each with the element it watches. */
const observers = new Set<{ report(near: boolean): void; element?: Element }>();

class TestIntersectionObserver {
  private element?: Element;
  private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void;
  constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    this.callback = callback;
  }
  observe(element: Element) {
    this.element = element;
    observers.add({ element, report: (near) => this.callback([{ isIntersecting: near }]) });
  }
  disconnect() {
    for (const observer of observers) if (observer.element === this.element) observers.delete(observer);
  }
}

/** The element's observer says it is near the screen, or not. */
const elementIs = (near: boolean) => act(() => [...observers].forEach((observer) => observer.report(near)));

/** A list's pages by name: the same name is the same page object, as a cache keeps it. */
const PAGES = new Map<string, object>();
const pagesOf = (...names: string[]) => names.map((name) => PAGES.get(name) ?? PAGES.set(name, { name }).get(name)!);

function Button({ onNear, enabled, id, pages = ['a1'] }: { onNear(): void; enabled: boolean; id: string; pages?: string[] }) {
  const ref = useWhenNearScreen<HTMLButtonElement>(onNear, enabled, pagesOf(...pages));
  return (
    <button key={id} ref={ref}>
      Show more
    </button>
  );
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', TestIntersectionObserver));
afterEach(() => {
  vi.unstubAllGlobals();
  observers.clear();
});

test('near already when watching starts does not count; coming near does, each time', () => {
  const onNear = vi.fn();
  render(<Button onNear={onNear} enabled id="a" />);
  elementIs(true);
  expect(onNear).not.toHaveBeenCalled();
  elementIs(false);
  elementIs(true);
  expect(onNear).toHaveBeenCalledTimes(1);
  elementIs(false);
  elementIs(true);
  expect(onNear).toHaveBeenCalledTimes(2);
});

test('once its list grew, the same button near at once counts, with or without a pause to load; another list does not', () => {
  const onNear = vi.fn();
  const { rerender } = render(<Button onNear={onNear} enabled id="a" />);
  elementIs(true);
  // 'Show more' clicked: watching pauses while the page loads, and the button is still near after it.
  rerender(<Button onNear={onNear} enabled={false} id="a" />);
  expect(observers.size).toBe(0);
  rerender(<Button onNear={onNear} enabled id="a" pages={['a1', 'a2']} />);
  elementIs(true);
  expect(onNear).toHaveBeenCalledTimes(1);
  // A page read ahead shows at once: no pause, only the list grows.
  rerender(<Button onNear={onNear} enabled id="a" pages={['a1', 'a2', 'a3']} />);
  elementIs(true);
  expect(onNear).toHaveBeenCalledTimes(2);
  // Rendered again with nothing grown (a refresh): the first sighting only says where it is.
  rerender(<Button onNear={onNear} enabled={false} id="a" pages={['a1', 'a2', 'a3']} />);
  rerender(<Button onNear={onNear} enabled id="a" pages={['a1', 'a2', 'a3']} />);
  elementIs(true);
  expect(onNear).toHaveBeenCalledTimes(2);
  // Another list with more pages, cached, under the same button (a chip): it did not grow.
  rerender(<Button onNear={onNear} enabled id="a" pages={['b1', 'b2', 'b3', 'b4']} />);
  elementIs(true);
  expect(onNear).toHaveBeenCalledTimes(2);

  // Another list on a new button: its first sighting only says where it is.
  rerender(<Button onNear={onNear} enabled id="c" pages={['c1']} />);
  elementIs(true);
  expect(onNear).toHaveBeenCalledTimes(2);
});

test('nothing is watched while disabled', () => {
  const onNear = vi.fn();
  render(<Button onNear={onNear} enabled={false} id="a" />);
  expect(observers.size).toBe(0);
});
