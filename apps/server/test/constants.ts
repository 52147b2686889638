export const TEST_SEED = 20250801;
export const TEST_DEVICES = 400;
