/** For infinite queries of memories: the offset of the next page, or none once all `total` are read. */
export const nextOffset = <Page extends { total: number; memories: unknown[] }>(last: Page, pages: Page[]) => {
  const read = pages.reduce((n, p) => n + p.memories.length, 0);
  return read < last.total ? read : undefined;
};
