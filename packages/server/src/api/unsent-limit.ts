/**
 * Response bytes a client may leave unread (reference spec, Edges: slow readers). Past it, a
 * journal stream is dropped and a connection is not read further until its responses drain,
 * so memory stays bounded whatever a client stops reading.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;
