import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript source file under src, spec files aside. */
function sources(directory = 'src'): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Files that use an entity class as a value (a repository, a query), not only as a type. */
function usersOf(entity: string, file: string): string[] {
  const valueImport = new RegExp(`^import \\{[^}]*(?<!type )\\b${entity}\\b[^}]*\\} from '[^']*/${file}';`, 'm');
  return sources().filter((path) => valueImport.test(readFileSync(path, 'utf8')));
}

/** Files with SQL that writes `table`. */
function sqlWritersOf(table: string): string[] {
  const write = new RegExp(`\\b(?:UPDATE|INSERT INTO|DELETE FROM)\\s+${table}\\b`, 'i');
  return sources().filter((path) => write.test(readFileSync(path, 'utf8')));
}

describe('one owner per piece of state', () => {
  it("run steps: RunStepStateService alone reads and writes `run_steps` (the runs module registers the entity)", () => {
    expect(usersOf('RunStep', 'run-step.entity.js').sort()).toEqual(['src/runs/run-step-state.service.ts', 'src/runs/runs.module.ts']);
    expect(sqlWritersOf('run_steps')).toEqual([]);
  });

  it('workflows: the workflows module alone reads and writes the `workflows` row; schedules go through WorkflowsService', () => {
    expect(usersOf('Workflow', 'workflow.entity.js').sort()).toEqual(['src/workflows/workflows.module.ts', 'src/workflows/workflows.service.ts']);
    expect(sqlWritersOf('workflows')).toEqual(['src/workflows/workflows.service.ts']);
  });
});
