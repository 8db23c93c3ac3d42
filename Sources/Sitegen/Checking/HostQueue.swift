import Foundation

/// The addresses still to check, handed out so that no host has more than `perHost` of them
/// under way at once: a site with a thousand links to one host is asked a few at a time, while
/// other hosts' links go ahead.
struct HostQueue {
    private let perHost: Int
    /// The addresses not yet handed out, by host, each in the order given.
    private var waiting: [String: ArraySlice<String>] = [:]
    /// The hosts that have addresses waiting, in the order they first appear.
    private var hosts: [String] = []
    /// How many addresses of each host are under way.
    private var running: [String: Int] = [:]

    init(addresses: [String], perHost: Int) {
        self.perHost = max(1, perHost)
        var byHost: [String: [String]] = [:]
        for address in addresses {
            let host = Self.host(of: address)
            if byHost[host] == nil { hosts.append(host) }
            byHost[host, default: []].append(address)
        }
        waiting = byHost.mapValues { $0[...] }
    }

    /// The next address whose host has room, now under way; `nil` when every host with
    /// addresses left is at its limit (or none is left).
    mutating func next() -> String? {
        // A host at its limit has `perHost` addresses under way, so at most
        // `concurrency / perHost` hosts are skipped before one with room.
        for (index, host) in hosts.enumerated() where running[host, default: 0] < perHost {
            guard let address = waiting[host]?.popFirst() else { continue }
            if waiting[host]?.isEmpty == true {
                waiting[host] = nil
                hosts.remove(at: index)
            }
            running[host, default: 0] += 1
            return address
        }
        return nil
    }

    /// `address` (handed out by ``next()``) is done: its host has room for one more.
    mutating func finished(_ address: String) {
        running[Self.host(of: address), default: 1] -= 1
    }

    /// The host an address is sent to, `example.org:8080` when it names a port.
    static func host(of address: String) -> String {
        guard let components = URLComponents(string: address), let host = components.host?.lowercased() else { return address }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}
