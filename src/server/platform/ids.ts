/** Whether a path parameter is a UUID at all: anything else cannot name a row, so it is a 404 without a query. */
export const isUuid = (id: string | undefined): id is string => typeof id === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
