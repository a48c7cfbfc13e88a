/** Versus results on disk: counted in the shared stats file, by opponent. */
import { err, ok, problem } from '../engine/result.ts';
import type { StoreVersus } from '../front/ports.ts';
import { recordVersus, type VersusRecord } from '../front/records.ts';
import { updateRecords } from './stats.ts';

/** The versus controller's store: results in the stats file under `dir`. */
export function fileStoreVersus(dir: string): StoreVersus {
  return {
    recordResult(opponent, result) {
      let record: VersusRecord = { wins: 0, losses: 0, draws: 0 };
      try {
        updateRecords(dir, (r) => {
          const next = recordVersus(r, opponent, result);
          record = next.versus![opponent]!;
          return next;
        });
        return ok(record);
      } catch (e) {
        return err(problem('save-failed', `Could not save the result (${(e as Error).message}).`));
      }
    },
  };
}
