/** The outcome of checking an address: the stored form, or why it is not an address of the family. */
export type Normalised = { ok: true; address: string } | { ok: false; reason: string };
