/**
 * The driver's HTTP client: keep-alive HTTP/1.1 connections on blocking sockets, so that what a
 * benchmark measures is the server's time and not a general client's own.
 */
package dev.quarry.bsbm.http;
