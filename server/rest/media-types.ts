/** The Content-Type of a JSON array answer and of a single object (Accept: application/vnd.pgrst.object+json). */
export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
