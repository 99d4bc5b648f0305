/** What a windowed list renders while its overscan waits for the background render (windowing.ts). */
import { describe, expect, it } from 'vitest';
import { withoutOverscan } from '../../src/client/lib/windowing.ts';

describe('withoutOverscan', () => {
  it("keeps the rows rendered before that join the screen's, so nothing on screen is drawn twice", () => {
    // 'Show more' at the end of a list: rows 30-40 were rendered, the screen now shows 38-41 of 60.
    expect(withoutOverscan({ first: 38, last: 41 }, { first: 30, last: 40 }, 60)).toEqual({ first: 30, last: 41 });
    // Adjacent ranges join too.
    expect(withoutOverscan({ first: 41, last: 44 }, { first: 30, last: 40 }, 60)).toEqual({ first: 30, last: 44 });
  });

  it("renders only the screen's rows after a jump far from what was rendered", () => {
    expect(withoutOverscan({ first: 100, last: 104 }, { first: 0, last: 5 }, 300)).toEqual({ first: 100, last: 104 });
  });

  it('never reaches past the last row of a list that got shorter', () => {
    expect(withoutOverscan({ first: 8, last: 9 }, { first: 5, last: 14 }, 10)).toEqual({ first: 5, last: 9 });
  });
});
