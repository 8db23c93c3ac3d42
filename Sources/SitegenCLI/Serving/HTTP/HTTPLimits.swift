import SitegenLimits

/// How much the preview server accepts from a client, and for how long it waits: the bounds that
/// keep one misbehaving client (a huge URL, endless headers, a byte every few seconds) from
/// holding the server or its memory.
struct HTTPLimits: Sendable {
    /// The longest request line (method, target, version), in bytes; longer gets 414.
    var requestLine = Limits.requestLineBytes
    /// The most bytes of header lines after the request line; more gets 431.
    var headers = Limits.requestHeaderBytes
    /// How long a request's whole head may take to arrive, counted from when the connection
    /// opened or its last response was sent: idle keep-alive connections and slow senders are
    /// closed after it (with 408 when part of a request came).
    var headTimeout: Duration = .seconds(10)
    /// How long one response (or one live-reload event) may take to be written to a client that
    /// does not read.
    var writeTimeout: Duration = .seconds(30)
    /// After an error response, how long and how many bytes the server keeps reading (and
    /// dropping) what the client still sends, so that the client gets to read the response
    /// instead of a connection reset.
    var lingerTime: Duration = .seconds(2)
    /// The most bytes read and dropped that way.
    var lingerBytes = 4 * 1024 * 1024
    /// The most bytes of a file read and written at once: a download's memory, whatever the
    /// file's size.
    var responseChunk = Limits.responseChunkBytes
    /// How many connections are served at once; more wait to be accepted.
    var connections = Limits.connections
}
