// Calls the README promises, with the types the .d.ts must give them
// (checked by tests/types.test.mjs with `tsc --strict`; not run).
import init, { Engine, Game, MoveInput, Position, perft, variant, variants } from "./pkg/draughts.js";
import type { Move, Outcome, SearchResult, VariantInfo } from "./pkg/draughts.js";

await init();

// Optional arguments: mode, fen, color, tags, level, seed, options.
const pos = new Position("english");
const nodes: number = pos.perft(6);
const moves: Move[] = pos.legalMoves();
const routes: Move[] = pos.legalMoves("routes");
const lines = pos.divide(3);
const fen: string = pos.toFen();
const diagram: string = pos.toString();
const total: number = perft("russian", undefined, 3) + perft("russian", "W:Wh6:Bg7,c5,d2", 1, "routes");

const game = new Game("international");
game.play("32-28");
const pdn: string = game.toPdn();
const tagged: string = game.toPdn({ Event: "Club night" });
const back: Game = Game.fromPdn(pdn);
const resigned: Outcome = game.resign();
const text: string = resigned.text;
const outcome: Outcome | null = back.outcome();

const input: MoveInput = new Game("english").moveInput();
const chosen: Move | null = input.chosen;

const engine = new Engine();
const reply: string | null = new Engine("hard", 1, { nodes: 1000 }).play(new Game("english"));
const found: SearchResult = engine.search(new Game("english"), { depth: 4 });
const all: VariantInfo[] = variants();
const one: VariantInfo = variant("english-site");

// The classes free their wasm memory with `using` too (Symbol.dispose).
const dispose: () => void = engine[Symbol.dispose];

console.log(nodes, moves, routes, lines, fen, diagram, total, tagged, text, outcome, chosen, reply, found, all, one, dispose);

// The runtime check: null, or the sentence `init` would throw.
import { runtimeProblem } from "./pkg/draughts.js";
const problem: string | null = runtimeProblem();
const simulated: string | null = runtimeProblem(() => false) ?? runtimeProblem(null);
