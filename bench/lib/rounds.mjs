/**
 * Runs each of `measures` (a function of a round's milliseconds that resolves to a load result:
 * `{ requests, errors, rps, total: { p50, p99 }, ttfb? }`) in `rounds` alternating rounds of
 * `durationMs / rounds` each, the order turned each round, so that a machine whose load drifts
 * (a test suite alongside) weighs on each alike; and merges each one's rounds (mergeRounds).
 */
export async function measureInRounds(measures, { rounds, durationMs }) {
  const roundMs = durationMs / rounds;
  const results = measures.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < measures.length; step++) {
      const index = (round + step) % measures.length;
      results[index].push(await measures[index](roundMs));
    }
  }
  return results.map((each) => mergeRounds(each, roundMs));
}

/**
 * One result from a target's rounds: its requests over its time, and the request-weighted mean of
 * the rounds' own percentiles (the load helpers keep no samples), for `total` and, when the rounds
 * have it, `ttfb`; `byRound` keeps the rounds' own numbers.
 */
export function mergeRounds(results, roundMs) {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const seconds = results.reduce((sum, result) => sum + (result.rps > 0 ? result.requests / result.rps : roundMs / 1000), 0);
  const weighted = (read) => results.reduce((sum, result) => sum + read(result) * result.requests, 0) / requests;
  const percentilesOf = (key) => ({ p50: weighted((result) => result[key].p50), p99: weighted((result) => result[key].p99) });
  return {
    requests,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    rps: requests / seconds,
    total: percentilesOf('total'),
    ...(results.every((result) => result.ttfb) ? { ttfb: percentilesOf('ttfb') } : {}),
    byRound: results,
  };
}
