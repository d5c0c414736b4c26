// Loaded into the measured server with `node --import` (bench:memory only): on SIGUSR2 the
// process writes its own memory figures as one line on stderr, which the bench reads back.
process.on("SIGUSR2", () => {
  process.stderr.write(`BENCH-MEMORY ${JSON.stringify(process.memoryUsage())}\n`);
});
