/**
 * Built on its own as a classic script that index.html loads in <head> (build.mjs): it runs
 * before the first paint, so a dark choice never flashes light. An external file because the
 * Content-Security-Policy allows no inline script.
 */
import { applyTheme, readThemeChoice } from './lib/themeChoice.ts';

applyTheme(readThemeChoice());
