/** The specforge command line: parses argv with the program of program.ts and sets the exit code. */
import { CommanderError } from 'commander';
import { EXIT_INPUT, handleError } from './errors.js';
import { buildProgram } from './program.js';

/**
 * Output to a pipe its reader closed (`specforge check | head`) is dropped quietly: the command
 * finishes and exits with its own code (1 for drift still), with no stack trace.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    stream.write = (() => true) as typeof stream.write;
  });
}

export async function main(argv: string[]): Promise<void> {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  const program = buildProgram((code) => {
    process.exitCode = code;
  });
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : EXIT_INPUT;
      return;
    }
    process.exitCode = handleError(err);
  }
}
