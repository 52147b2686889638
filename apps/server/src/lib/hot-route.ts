/**
 * For the hottest read routes (polled by every open list): the answer is built by typed code
 * from the contract's types, so it is written with JSON.stringify instead of being re-checked
 * against its zod schema on every call. The schema still documents the route.
 */
export const plainJsonSerializer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
