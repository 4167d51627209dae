import type { Reporter, TestModule } from 'vitest/node';

/**
 * At the end of a vitest run, each project's time: its files' summed time (environment, setup,
 * import and tests; worker time, so more than the run's wall time when files run side by side),
 * how many files and tests it has, and its slowest file, so CI shows where the minutes go.
 */
export default class ProjectTimesReporter implements Reporter {
  private started = 0;

  onInit() {
    this.started = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const projects = new Map<string, { files: number; tests: number; ms: number; slowest: [string, number] }>();
    for (const module of testModules) {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      const name = module.project.name || 'default';
      const entry = projects.get(name) ?? { files: 0, tests: 0, ms: 0, slowest: ['', 0] };
      entry.files += 1;
      entry.tests += [...module.children.allTests()].length;
      entry.ms += ms;
      if (ms > entry.slowest[1]) entry.slowest = [module.moduleId.replace(`${module.project.config.root}/`, ''), ms];
      projects.set(name, entry);
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log('\nTime per vitest project (summed file times across workers):');
    for (const [name, e] of [...projects].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(
        `  ${name.padEnd(12)} ${String(e.files).padStart(4)} files ${String(e.tests).padStart(5)} tests ${s(e.ms).padStart(9)}   slowest: ${e.slowest[0]} (${s(e.slowest[1])})`,
      );
    }
    console.log(`vitest wall time: ${s(Date.now() - this.started)}\n`);
  }
}
