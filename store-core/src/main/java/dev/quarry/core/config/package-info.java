/**
 * Configuration: the options of {@code config/quarry.yaml}, typed, with errors that name the
 * option, and the settings every cache on a query's path is built with ({@link
 * dev.quarry.core.config.Caches}). Uses nothing of Quarry's.
 */
package dev.quarry.core.config;
