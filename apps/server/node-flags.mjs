/**
 * Node flags the server runs with, wherever it is started (npm start, the benchmarks).
 *
 * A larger young generation: each request leaves a few KB of short-lived objects (parsed
 * headers, Redis replies, JSON), and with the default 16 MiB semi-space the scavenger ran often
 * enough to take ~12% of the server's CPU under the queue-entry benchmark. 32 MiB cut queue-entry
 * throughput's GC share and raised req/s by about a quarter, for ~50 MiB more RSS.
 */
export const serverNodeFlags = ['--max-semi-space-size=32'];
