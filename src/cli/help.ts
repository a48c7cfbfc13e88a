/**
 * The help texts of the `slidebox` command: the overview (`slidebox --help`, `slidebox help`)
 * and one text for each command (`slidebox COMMAND --help`, `slidebox help COMMAND`). Every
 * line fits 80 columns. The commands that parse their own options print their text from here.
 */
import { AI_LEVELS } from '../front/versusAi.ts';

/** Every command of the CLI, in the order the overview lists them. */
export const COMMANDS = [
  '2048',
  'puzzle',
  'versus',
  'duel',
  'daily',
  'stats',
  'export',
  'replay',
  'analyse',
  'submit',
  'leaderboard',
  'config',
  'serve',
  'bench',
  'help',
] as const;

export type CommandName = (typeof COMMANDS)[number];

export function isCommand(word: string | undefined): word is CommandName {
  return word !== undefined && (COMMANDS as readonly string[]).includes(word);
}

/** Every command, on two lines that fit 80 columns. */
const COMMAND_LIST = `  ${COMMANDS.slice(0, 9).join(', ')},\n  ${COMMANDS.slice(9).join(', ')}`;

/** The sentence for a word that is not a command, listing every command. */
export function unknownCommandMessage(words: string): string {
  return `unknown command "${words}"; the commands are\n${COMMAND_LIST}\n(slidebox help COMMAND says more about one)`;
}

/**
 * What follows a refused command line: the command's usage lines (its help up to the first
 * blank line or its options) and where its options are listed, rather than the whole help, so the problem
 * stays in view.
 */
export function usageReminder(help: string, command: string): string {
  const usage = help.split(/\n\n|\nOptions:/, 1)[0] ?? help;
  return `${usage}\n(slidebox help ${command} lists the options)`;
}

const DATA_DIR = `  --data-dir DIR   where saves go (default: $XDG_DATA_HOME/slidebox,
                   else ~/.local/share/slidebox)`;

const COMMON = `  --seed N         seed for a new game: the same seed and moves, the same game
  --new            start a new game instead of resuming the saved one
  --no-animation   move tiles without animation
  --plain          line mode for pipes and scripts: one command a line on stdin,
                   the board as text after each (automatic outside a terminal)
${DATA_DIR}`;

export const USAGE = `Usage: slidebox [COMMAND] [options]

Games (saved after every move, resumed next time; --new starts afresh):
  2048 [options]        play 2048 (the default command)
  puzzle [options]      the sliding puzzle (15-puzzle; 3x3 to 8x8), relays and
                        marathons
  versus [options]      2048 versus: two players at one keyboard, or you against
                        the AI (--ai LEVEL); --online plays a friend anywhere
  duel [options]        2048 without luck: one slides, the other places every
                        tile, then the roles swap; --online too
  daily [2048|puzzle]   the daily challenge: the same boards for everyone today

Your games:
  stats [--json]        your finished games: wins, best scores, puzzle times
  export [GAME]         the share code of your saved or last finished game
  replay CODE           watch a shared game
  analyse CODE|--last   each move judged by the AI or the optimal solver

Leaderboards and servers:
  submit CODE|--last    send a game to the leaderboard server
  leaderboard [BOARD]   a leaderboard: daily, daily-puzzle, 2048, puzzle
  config [KEY [VALUE]]  settings: the server, your name, daily submissions
  serve [options]       run a leaderboard and match server (and the web app)

More:
  bench ai [options]    measure the 2048 AI (games, scores, speed)
  help [COMMAND]        this text, or a command's own (as COMMAND --help)

Options of the games (slidebox help COMMAND lists each game's own):
  --size N         board size, 3 to 8 (default 4)
  --target N       2048 and versus: the winning tile
${COMMON}
  -h, --help       show this help (after a command: that command's)
  -v, --version    show the version`;

const RANKED = `  --ranked         a ranked game: the server deals and times it, and ranks it
                   on its boards (see Ranked below)
  --server URL     with --ranked: the server (else SLIDEBOX_SERVER, else
                   slidebox config server)
  --name NAME      with --ranked: your name on the boards (kept; asked the
                   first time otherwise)`;

const RANKED_KEYS = `Ranked: the server deals every tile and keeps the clock; no undo, hint, AI or
solver. x resigns (the game ranks as it stands); q leaves it for later: the
same command resumes it (the server keeps it a while, then ends it as it
stands). Plain mode: moves as above, resign, q.`;

const HELP_2048 = `Usage: slidebox [2048] [options]

Slide the tiles; equal tiles that meet merge. Reach the target tile to win.
Your game is saved after every move and resumed next time.

Options:
  --size N         board size, 3 to 8 (default 4); each size has its own save
  --target N       the winning tile, a power of two from 8 (default 2048)
  --ai             watch the AI play (p pauses, + and - change the pace)
  --spawns KIND    natural (the seeded 2 or 4, default) or evil: the placer AI
                   puts every new tile where it hurts most (saved apart)
${RANKED}
${COMMON}

Keys: arrows, WASD or hjkl move · u undo · i hint · p autoplay · + - pace ·
      c keep going after a win · n new game · ? help · q or Esc quit
Plain mode: w a s d (or up down left right, h j k l), u, i, n, c, q; one a line.
${RANKED_KEYS}`;

const HELP_PUZZLE = `Usage: slidebox puzzle [options]

Slide the tiles into order, 1 to the last, the gap last. Your puzzle is saved
after every move and resumed next time; its time runs while it is on screen.

Options:
  --size N         board size, 3 to 8 (default 4); each size has its own save
  --invert         arrow keys move the gap instead of a tile
  --relay N        a relay: 3x3, 4x4, … up to NxN (4 to 8) for one total time
  --marathon [N]   N puzzles of --size in a row for one total time (default 10)
${RANKED}
${COMMON}

Keys: arrows, WASD, hjkl or a mouse click slide · u undo · i hint · p solve ·
      n new game · ? help · q or Esc quit
Plain mode, one command a line: w a s d (or up down left right, h j k l) slide
a tile that way; a tile's number slides it; u undo; i hint; solve prints a
solution (the shortest on 3x3 and 4x4; the 4x4 tables are built once, in up to
half a minute, then cached); n new game; q quit.
Relays and marathons are not saved.
${RANKED_KEYS.replace('deals every tile', 'deals the scramble')}`;

const HELP_VERSUS = `Usage: slidebox versus [options]
       slidebox versus --ai [LEVEL] [options]
       slidebox versus --online | --join CODE   (see versus --online --help)

Two 2048 boards side by side: a merge sends its tile to the other board as an
attack; the first to reach the target wins, a board that cannot move loses.

Options:
  --ai [LEVEL]     play against the AI: ${AI_LEVELS.join(', ')} (default medium)
  --size N         board size, 3 to 8 (default 4)
  --target N       the tile that wins the match, a power of two from 16
                   (default 512)
  --cap N          attacks are at most N (a power of two from 4); by default a
                   merge sends its whole tile. --cap 8 plays better: a big
                   attack often merges with the receiver's own tile and helps
                   them
${COMMON}

Keys: WASD board 1, arrows board 2 (against the AI: any of them moves yours) ·
      r rematch · n new match · ? help · q or Esc quit
Plain mode: p1 DIR, p2 DIR (DIR: w a s d, up down left right, h j k l; against
the AI a bare DIR moves your board), n, r, q; one command a line.`;

const HELP_DUEL = `Usage: slidebox duel [options]
       slidebox duel --online | --join CODE   (see duel --online --help)

2048 without luck: one player slides, the other places every new tile (a 2 or
a 4, anywhere empty); then the roles swap. The higher score of the two rounds
wins.

Options:
  --placer WHO     who places first, ai or human (default ai)
  --slider WHO     who slides first, ai or human (default human)
  --size N         board size, 3 to 8 (default 4)
${COMMON}

Keys: sliding: arrows, WASD or hjkl · placing: the same keys (or a click) move
      the cursor, 2 or 4 places that tile · r rematch · n new duel · ? help ·
      q or Esc quit
Plain mode: w a s d (or up down left right, h j k l) slide; place ROW COL VALUE
places a 2 or a 4 (rows and columns from 1); n, r, q; one command a line.`;

const HELP_STATS = `Usage: slidebox stats [--size N] [--json] [--data-dir DIR]

Your finished games: games played, wins, best and median scores, largest tiles,
puzzle times and averages, best relays and marathons, versus and duel results.

Options:
  --size N         only that board size; for the puzzle, its last solves with
                   their optimal move counts and efficiency
  --json           the summary as JSON, for scripts
${DATA_DIR}`;

const HELP_DAILY = `Usage: slidebox daily          today's challenge: what you played, your streak
       slidebox daily 2048     today's 2048 game (4x4, to 2048)
       slidebox daily puzzle   today's 15-puzzle
       slidebox daily 2048|puzzle --ranked
                               today's ranked daily on the server: one
                               attempt a day, and it counts

Options:
  --plain, --no-animation, --data-dir DIR   as for the games
  --server URL     a leaderboard server (else SLIDEBOX_SERVER, else slidebox
                   config server): today's ranked top 10 under your results,
                   and your offline day's game sent to the self-reported boards
                   when it ends (asked once; slidebox config submit changes it)
  --name NAME      your name on the leaderboards (asked the first time
                   otherwise)

The boards come from the UTC date: every player gets the same ones. Your first
game of the day to end counts (a 2048 game left for a new one ends it too; so
does a puzzle given up with n); later games are practice. Hints, the AI and the
solver mark a result assisted: offline dailies are practice, never ranked.

--ranked plays the day's ranked board, dealt by the server (a seed of its own,
secret until the day ends). Your first ranked attempt of the day is your entry:
it counts as it stands when it ends, also when you resign it (x) or leave it
unplayed longer than the server keeps it. q leaves for later: the same command
resumes it. No hint, AI or solver.`;

const HELP_EXPORT = `Usage: slidebox export [2048|puzzle|versus|duel] [--size N] [--spawns evil]
                       [--data-dir DIR]
       slidebox export --last [KIND] [--data-dir DIR]

Prints the share code of your saved game (default 2048), or with --last of your
last finished game (of KIND: 2048, puzzle, versus or duel). Anyone can watch it
with slidebox replay CODE, or in the web app.

Options:
  --size N         2048 and puzzle: the save of that board size (default 4)
  --spawns evil    2048: the saved game with evil spawns
  --last [KIND]    your last finished game (of that kind)
${DATA_DIR}`;

const HELP_REPLAY = `Usage: slidebox replay CODE [options]
       slidebox replay --file FILE [options]

Plays back a shared game: CODE, or a link with #replay=CODE (from slidebox
export or the web app); FILE holds one.

Options:
  --plain          the game's summary and its last position as text (a puzzle
                   with move times prints each move when it was made)
  --pace P         a puzzle with move times plays at its real speed times P:
                   0.25, 0.5, 1 (the default), 2 or 4; max: --plain prints
                   every move at once
  --no-animation   move tiles without animation
  --analyse        analyse the game at once (as the key i does; spelt analyze
                   too); with --plain, the summary of slidebox analyse follows

Keys: space play/pause · ← → step · + − pace (×0.25 to ×4 with move times) ·
      Home/g start · End/G end · i analysis: run, stop, hide or show it (2048
      4x4 and puzzles) · n N next and previous mistake · q quit`;

const HELP_ANALYSE = `Usage: slidebox analyse CODE [--json] [--preset fast|strong]
       slidebox analyse --last [--json] [--data-dir DIR]

Judges a shared game move by move (also spelt analyze). 2048 (any size): the
AI's value of each legal move; each move is best, good, inaccuracy, mistake or
blunder by what it gives up: on 4x4 before the first 2048, points of the
estimated chance to reach 2048 (calibrated on self-play); otherwise the share
of the best move's value. The game gets an accuracy (0-100) and the agreement
(moves equal to the AI's). Versus and duel matches: each side's slides as a
2048 game, a duel's placements by the placer's search. The puzzle: the fewest
moves to solved before and after each move (exact on 3x3 and 4x4), the optimal
count and the wasted moves. Prints a summary and the worst moves with the
better one; progress goes to stderr. docs/analysis.md has the formulas.

Options:
  --last           your last finished game or match with a share code
  --json           the analysis as JSON: 2048 { kind, size, search, scale,
                   accuracy, agreement, counts, moves: [{ n, played, best,
                   loss, class, scale }] }; a match { kind, preset, sides:
                   [{ side, ...as 2048, placements }] }; the puzzle { kind,
                   optimal, wasted, moves: [{ n, played, before, after }] }
  --preset P       the AI's preset: fast (the default) or strong
${DATA_DIR}`;

const HELP_SUBMIT = `Usage: slidebox submit CODE            a game's share code (or a link with
                                       #replay=CODE)
       slidebox submit --last [2048|puzzle]
                                       the last finished game with a share code

Options:
  --server URL     the leaderboard server (else SLIDEBOX_SERVER, else slidebox
                   config server)
  --name NAME      your name on the leaderboards (kept; asked the first time
                   otherwise)
  --json           the server's entry as JSON
  --data-dir DIR   where your history and player file are

A submitted code goes on the self-reported boards, never the ranked ones: the
game was played offline, so its player knew the tiles to come. The server
re-plays the code before it ranks it: 2048 games on the board of their size and
target, solved puzzles on the board of their size, the day's challenge games on
that day's board too. Games the AI or the solver helped rank apart (slidebox
leaderboard --self-reported --assisted). Ranked boards hold only games the
server dealt and timed: slidebox --ranked, puzzle --ranked, daily --ranked.`;

const HELP_LEADERBOARD = `Usage: slidebox leaderboard [daily|daily-puzzle|2048|puzzle] [options]

Shows a board of the leaderboard server (default: today's daily 2048): its
ranked games, dealt and timed by the server (slidebox --ranked). Today's ranked
daily entries show no replay until the day ends.

Options:
  --size N         2048 and puzzle: the board size, 3 to 8 (default 4)
  --target T       2048: the target tile (default 2048)
  --day D          daily boards: another day, YYYY-MM-DD (default today, UTC)
  --limit N        lines, 1 to 100 (default 10)
  --self-reported  the self-reported boards instead: share codes sent with
                   slidebox submit from games played offline
  --assisted       with --self-reported: games the AI or the solver helped too
                   (marked)
  --sort S         rank (default), accuracy or agreement: the server's analysis
                   of each game, highest first (only the games analysed so far)
  --json           the server's answer as JSON
  --server URL     the leaderboard server (else SLIDEBOX_SERVER, else slidebox
                   config server)
  --data-dir DIR   where your player file is (your own line is marked)

Acc. and Agree: how the AI judges the game's moves (2048: accuracy 0-100, the
share of moves equal to the AI's; puzzle: optimal / moves, the share of moves
on a shortest path), shown once the server has analysed some line. * marks a
game that agrees with the AI beyond what players do (docs/server.md).`;

const HELP_CONFIG = `Usage: slidebox config                    your settings
       slidebox config server [URL]       the leaderboard server (print or set)
       slidebox config server --unset     no leaderboard server
       slidebox config name [NAME]        your name on the leaderboards (print
                                          or set; renamed on the server too
                                          when one is set)
       slidebox config submit [always|never|ask]
                                          daily games: submitted when they end,
                                          never, or ask once (the default)

Options: --server URL (which server to rename on), --data-dir DIR

The server is also taken from --server on a command, or SLIDEBOX_SERVER (in that
order, before this setting). Settings are kept in config.json in the data
directory.`;

const HELP_SERVE = `Usage: slidebox serve [--host H] [--port N] [--db URL] [--data-dir DIR]
                      [--rate-limit N] [--forfeit-after S] [--web DIR]
                      [--trust-proxy N|CIDR[,CIDR]] [--max-rooms N]
                      [--daily-starts N]

Runs the leaderboard and online-match server, and serves the web app.

Options:
  --host H         the address to listen on (default 127.0.0.1; 0.0.0.0 for
                   every interface)
  --port N         the port (default 8080; 0 picks a free one)
  --db URL         postgres://user:password@host:port/database (or SLIDEBOX_DB);
                   default an SQLite file, leaderboards.sqlite in the data
                   directory
  --data-dir DIR   where the SQLite file goes (default: $XDG_DATA_HOME/slidebox,
                   else ~/.local/share/slidebox)
  --rate-limit N   API requests a minute per client address (default 600; 0 for
                   no limit); rooms made a minute: a tenth of it
  --forfeit-after S
                   seconds a player of an online match may be away before the
                   match is given to the other (default 60)
  --web DIR        the built web app to serve (default dist-web beside the
                   program)
  --trust-proxy N|CIDR[,CIDR]
                   behind a reverse proxy: the client's address (rate limits,
                   logs) is read from X-Forwarded-For, past N proxies or past
                   the proxies at these addresses (such as 127.0.0.1 or
                   10.0.0.0/8); without it the header is ignored
  --max-rooms N    the online rooms this process holds at most: past them a new
                   room is refused (503 with Retry-After) while the rooms held
                   play on (default: no limit)
  --daily-starts N new ranked daily attempts a day (UTC) per client address and
                   kind: past them a new attempt is refused (429 until the next
                   day) while attempts started go on (default 3; 0: no bound;
                   none with --rate-limit 0 unless given)`;

const HELP_BENCH = `Usage: slidebox bench ai [options]

Measures the 2048 AI: games per preset, scores, speed.

Options:
  --games N          games per preset (default 20)
  --preset P[,P]     fast, strong or fast,strong (default fast)
  --seed S           seed of the first game; game i uses S + i (default 1)
  --threads T        worker threads for the games (default: the number of cores)
  --max-moves M      stop each game after M moves
  --no-cap           play without the presets' wall-clock safety caps (50 ms
                     fast, 1 s strong), so seeded games replay move for move on
                     a busy machine
  --engine-boards B  random boards for the raw engine speed (default 2000000; 0
                     skips it)
  --check-boards C   of those, boards checked against the reference engine
                     (default 1000000)
  --placer N         time the adversarial placer on N seeded positions from
                     natural \`fast\` games (boards after a slide; seeds from
                     --seed): median, p95, max ms
  --evil N           N evil games (the placer chooses every spawn after the two
                     seeded first tiles) against N natural games on the same
                     seeds
  --evil-preset P    the AI of --evil games, fast or strong (default strong)
  --evil-stop T      natural games stop once a tile reaches T (default 2048)
                     (with --placer or --evil, --games and --engine-boards
                     default to 0)
  --json             print the results as JSON on stdout (progress stays on
                     stderr)
  --quiet            no progress lines

Ctrl+C (or TERM) stops it and still prints the figures of the games finished so
far (not those of --placer and --evil, which run after them).`;

const HELP_HELP = `Usage: slidebox help [COMMAND]

Prints the overview of slidebox, or the help of one command (the same text as
slidebox COMMAND --help). The commands:
${COMMAND_LIST}.`;

/** Each command's own help text. */
export const HELP: Readonly<Record<CommandName, string>> = {
  '2048': HELP_2048,
  puzzle: HELP_PUZZLE,
  versus: HELP_VERSUS,
  duel: HELP_DUEL,
  daily: HELP_DAILY,
  stats: HELP_STATS,
  export: HELP_EXPORT,
  replay: HELP_REPLAY,
  analyse: HELP_ANALYSE,
  submit: HELP_SUBMIT,
  leaderboard: HELP_LEADERBOARD,
  config: HELP_CONFIG,
  serve: HELP_SERVE,
  bench: HELP_BENCH,
  help: HELP_HELP,
};
