/** Where the API answers, for the client and for the calls the bootstrap starts early. */
export const API_BASE = '/api';
