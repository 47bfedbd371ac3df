/**
 * What a connection may hold of the server, enforced before any request is handled: how many
 * connections are open (in all and per client address), how long a request may take to arrive
 * (headers, then body), how long a keep-alive connection may sit idle, and how long a client may
 * leave a response unread. Netty handlers at the front of every connection's pipeline, with their
 * meters; they depend on nothing else of the server.
 */
package dev.quarry.server.connections;
