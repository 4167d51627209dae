import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** Starts a bench server script and waits for the JSON line with its ports. */
export async function startChild<T>(script: URL): Promise<{ child: ChildProcess; info: T }> {
  const child = spawn(process.execPath, [script.pathname], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, info: JSON.parse(line) as T };
}
