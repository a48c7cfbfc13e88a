/** Placeholder: research/analysisCalibration.ts --write makes this file. */
export const CALIBRATION_2048 = {
  stages: [] as { top: number; positions: number; knots: [number, number][] }[],
};
