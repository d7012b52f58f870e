import autocannon from 'autocannon';

/**
 * autocannon on a thread of its own (`workers: 1`). Run from the benchmark's own thread, it
 * shares the event loop of the servers the benchmark starts in the same process: every response it
 * parses and every request it writes is time the server under test cannot answer, and the
 * latencies measured include that wait. A real client is elsewhere; on its own thread the load
 * generator competes for the cores only, as the journey load test's does from its own process.
 */
export function fire(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options, workers: 1 });
}
