/**
 * Configuration: the options of {@code config/quarry.yaml}, typed, with errors that name the
 * option. Uses nothing of Quarry's.
 */
package dev.quarry.core.config;
