// Loaded with `node --import` before an MCP stdio server by the mcp-idle bench: appends every byte the server
// reads on stdin and writes on stdout to the file MCP_TAP_FILE, so the bench sees exactly what passed between
// Parley and the server while it was idle (nothing, unless something polls). It listens through `emit` rather than
// a 'data' listener, which would start the flow before the server listens and lose its first messages.
import { appendFileSync } from 'node:fs';

// The server's own environment, set by the bench's config (`env`).
const file = process.env.MCP_TAP_FILE;
if (file) {
  const emit = process.stdin.emit.bind(process.stdin);
  process.stdin.emit = (event, ...args) => {
    if (event === 'data') appendFileSync(file, args[0]);
    return emit(event, ...args);
  };
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    appendFileSync(file, chunk);
    return write(chunk, ...rest);
  };
}
