import { FairTurns, WaitingHead } from './fair-turns';

/** A queue of clients' jobs taken as takeFairly takes them: each owner's first waiting job. */
function drain(turns: FairTurns, queued: WaitingHead[], perClient = 1): string[] {
  const waiting = [...queued];
  const taken: string[] = [];
  while (waiting.length > 0) {
    const heads = waiting.filter((j, i) => waiting.findIndex((k) => k.owner === j.owner) === i);
    const [next] = turns.order(heads, new Map(), perClient);
    taken.push(next.id);
    turns.took(next.owner);
    waiting.splice(waiting.indexOf(next), 1);
  }
  return taken;
}

const job = (id: string, owner: string, queuedAt: number, sandbox = false): WaitingHead => ({
  id,
  owner,
  sandbox,
  queuedAt,
});

describe('FairTurns', () => {
  it('takes clients in turn: a client queuing after five proofs of another is taken second', () => {
    const turns = new FairTurns();
    const queued = [
      ...[1, 2, 3, 4, 5].map((n) => job(`a${n}`, 'A', n)),
      job('b1', 'B', 6),
      job('b2', 'B', 7),
    ];
    expect(drain(turns, queued)).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'a4', 'a5']);
  });

  it('serves a client that was idle before one that was just served', () => {
    const turns = new FairTurns();
    turns.took('A');
    turns.took('B');
    turns.took('A');
    // B was served longer ago than A; C never: C, then B, then A, whatever their heads' ages.
    const order = turns.order([job('a', 'A', 1), job('b', 'B', 2), job('c', 'C', 3)], new Map(), 1);
    expect(order.map((h) => h.id)).toEqual(['c', 'b', 'a']);
  });

  it('puts every live client before any sandbox client, whatever was served', () => {
    const turns = new FairTurns();
    turns.took('live');
    const order = turns.order(
      [job('s', 'sandbox', 1, true), job('l', 'live', 2), job('t', 'other-sandbox', 0, true)],
      new Map(),
      1,
    );
    expect(order.map((h) => h.id)).toEqual(['l', 't', 's']);
  });

  it('passes over a client at its concurrency cap', () => {
    const turns = new FairTurns();
    const heads = [job('a', 'A', 1), job('b', 'B', 2)];
    expect(turns.order(heads, new Map([['A', 1]]), 1).map((h) => h.id)).toEqual(['b']);
    expect(turns.order(heads, new Map([['A', 1]]), 2).map((h) => h.id)).toEqual(['a', 'b']);
    expect(
      turns.order(
        heads,
        new Map([
          ['A', 2],
          ['B', 2],
        ]),
        2,
      ),
    ).toEqual([]);
  });

  it('remembers a bounded number of clients, forgetting the least recently served', () => {
    const turns = new FairTurns();
    for (let i = 0; i <= 10_000; i++) turns.took(`c${i}`);
    // c0 was forgotten (it goes first, as a client never served); c1 is the least recent known.
    const order = turns.order([job('1', 'c1', 0), job('0', 'c0', 1)], new Map(), 1);
    expect(order.map((h) => h.id)).toEqual(['0', '1']);
  });
});
