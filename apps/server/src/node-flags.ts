/**
 * Node flags every server process starts with (npm run serve, the benches, the topology, the
 * Dockerfile). V8's young generation grows to 16 MiB semi-spaces by default; 2 MiB ones keep about
 * 40-90 MiB off a small store's RSS with no measurable loss on the menu calls (ADR 0028).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];
