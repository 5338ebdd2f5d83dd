import { describe, expect, it } from 'vitest';
import {
  describeOutcome,
  factsOfCorpus,
  matcherCorpus,
  runMatcherCorpus,
} from './fixtures/bank-statements/matcher-corpus.js';

/*
 * The matcher against a month of a school's account written as Nigerian banks write it
 * (fixtures/bank-statements/matcher-corpus.ts), each line with whose money it is. Issue 34's
 * budget: no line confirmed by itself wrongly (a wrong automatic credit lands one family's money
 * on another's fees, with a receipt), and at least 90% of the lines that carry a valid payment
 * code or agree with a pending claim in amount, day and reference confirmed by themselves. No
 * database: the facts are built in memory as `matchFactsOf` builds them.
 */

const corpus = matcherCorpus();
const result = runMatcherCorpus(corpus);
const described = (outcomes: typeof result.outcomes) => outcomes.map((outcome) => describeOutcome(outcome, corpus));

describe('the matcher on the corpus of Nigerian bank narrations', () => {
  it('is a corpus of about 300 credit lines, each truth a student the matcher knows', () => {
    expect(result.lines).toBeGreaterThanOrEqual(280);
    expect(result.lines).toBeLessThanOrEqual(320);
    const facts = factsOfCorpus(corpus);
    for (const line of corpus.lines.filter((row) => row.confirmable)) {
      expect(facts.students.has(line.truth!.studentId), line.narration).toBe(true);
    }
    // Two students of one name, and many families sending the same ₦150,000.
    const names = [...facts.students.values()].map((student) => student.name);
    expect(names.filter((name) => name === 'Chinedu Okafor')).toHaveLength(2);
    expect(corpus.lines.filter((line) => line.amountKobo === 15_000_000n).length).toBeGreaterThan(60);
    const kinds = new Map<string, { lines: number; confirmed: number; right: number }>();
    for (const outcome of result.outcomes) {
      const kind = kinds.get(outcome.line.kind) ?? { lines: 0, confirmed: 0, right: 0 };
      kind.lines++;
      if (outcome.match.certain) kind.confirmed++;
      if (outcome.right) kind.right++;
      kinds.set(outcome.line.kind, kind);
    }
    console.info(
      [
        `matcher corpus: ${result.lines} lines; precision ${(result.precision * 100).toFixed(1)}% (${result.confirmed - result.wrong.length} of ${result.confirmed} confirmed rightly); recall ${(result.recall * 100).toFixed(1)}% (${result.recalled} of ${result.confirmable})`,
        ...[...kinds].map(
          ([kind, count]) => `  ${kind}: ${count.lines} lines, ${count.confirmed} confirmed, ${count.right} rightly`,
        ),
      ].join('\n'),
    );
  });

  it('confirms no line wrongly by itself (precision 100%)', () => {
    expect(described(result.wrong), 'lines confirmed by themselves to the wrong student or claim').toEqual([]);
    expect(result.precision).toBe(1);
  });

  it('confirms by itself at least 90% of the lines that carry a code or agree with a claim', () => {
    expect(
      result.recall,
      `recall ${result.recalled} of ${result.confirmable}; not confirmed:\n${described(result.missed).join('\n')}`,
    ).toBeGreaterThanOrEqual(0.9);
  });

  it("confirms none of the lines that are nobody's to credit by themselves", () => {
    expect(result.nobodys).toBeGreaterThan(40);
    expect(described(result.nobodysConfirmed), 'lines of no single student or claim, confirmed anyway').toEqual([]);
  });

  it('finds nobody certain from a mistyped code, an amount, or a name alone', () => {
    const doubtful = result.outcomes.filter((outcome) =>
      ['code with one symbol mistyped', 'an amount alone', 'a name alone', 'same name, the name alone'].includes(
        outcome.line.kind,
      ),
    );
    expect(doubtful.length).toBeGreaterThan(50);
    const certainOnes = doubtful.filter(
      (outcome) =>
        outcome.match.certain !== null || outcome.match.candidates.some((candidate) => candidate.strength === 'exact'),
    );
    expect(described(certainOnes)).toEqual([]);
  });
});
