/**
 * What every request handler of the server shares and that depends on nothing of the server: the
 * error a handler throws to answer with an HTTP status and a message ({@link
 * dev.quarry.server.http.HttpError}). A leaf, so that the protocol packages and the server's core
 * do not depend on each other through it.
 */
package dev.quarry.server.http;
