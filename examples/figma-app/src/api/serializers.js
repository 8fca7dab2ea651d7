/** JSON serializers of the responses, by operationId, response key and media type (absent: JSON.stringify). */
export const serializers = {};
