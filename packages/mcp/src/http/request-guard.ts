import {
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';

// The names this server answers to: it listens on 127.0.0.1 only.
const HOSTS = localhostAllowedHostnames();
const ORIGINS = localhostAllowedOrigins();

/**
 * The 403 answer for a request that must not reach the MCP handler, or undefined. A Host
 * that is not a loopback name is DNS rebinding (a page whose domain resolves to
 * 127.0.0.1); an Origin that is not a loopback origin is a web page calling this server
 * from the user's browser. Requests without an Origin (non-browser clients) pass. Both
 * checks read headers only, so a refused request's body is never read.
 */
export function refuseForeignRequest(request: Request): Response | undefined {
  return hostHeaderValidationResponse(request, HOSTS) ?? originValidationResponse(request, ORIGINS);
}
