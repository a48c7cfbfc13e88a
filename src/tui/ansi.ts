/** Terminal escape sequences and helpers for measuring text that contains them. */

export const ESC = '\x1b';
export const CSI = '\x1b[';
export const ALT_SCREEN_ON = '\x1b[?1049h';
export const ALT_SCREEN_OFF = '\x1b[?1049l';
export const CURSOR_HIDE = '\x1b[?25l';
export const CURSOR_SHOW = '\x1b[?25h';
export const CURSOR_HOME = '\x1b[H';
export const CLEAR_SCREEN = '\x1b[2J';
export const CLEAR_LINE_END = '\x1b[K';
export const CLEAR_BELOW = '\x1b[J';
export const RESET = '\x1b[0m';
/** Mouse: button presses with SGR coordinates (1006), so columns past 223 work. */
export const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
export const MOUSE_OFF = '\x1b[?1000l\x1b[?1006l';

// SGR and other CSI sequences, plus OSC strings.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
const ANSI_RE = /\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

/** The text without escape sequences. */
export function stripAnsi(s: string): string {
  return s.replace(ANSI_RE, '');
}

/** Columns the text takes on screen (escape sequences take none; all our glyphs are narrow). */
export function visibleWidth(s: string): number {
  return [...stripAnsi(s)].length;
}
