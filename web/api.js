// The one way the page talks to the server: JSON in, JSON or a problem document out.

/** An API error carrying the server's stable problem `code` and a sentence for people. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || `Request failed (${status})`);
    this.status = status;
    this.code = problem.code || 'unknown';
    this.fields = problem.errors || [];
  }
}

export async function api(method, path, body) {
  const options = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api/v1${path}`, options);
  } catch {
    throw new ApiError(0, { code: 'offline', detail: 'The server cannot be reached. Check your connection and try again.' });
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let data = {};
  try { data = text ? JSON.parse(text) : {}; } catch { data = { detail: text }; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}
