import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** Starts a bench server script (with settings of its own on top of ours) and waits for the JSON line with its ports. */
export async function startChild<T>(script: URL, env: Record<string, string> = {}): Promise<{ child: ChildProcess; info: T }> {
  const child = spawn(process.execPath, [script.pathname], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, info: JSON.parse(line) as T };
}
