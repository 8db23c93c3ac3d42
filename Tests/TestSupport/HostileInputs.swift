/// Inputs that attack a parser, shared by the tests of each module that must survive them.
public enum HostileInputs {
    /// Nine levels of YAML anchors, each repeating the one before nine times: 600 bytes for
    /// 9^9 values (the "billion laughs"). The alias that goes over a limit of 100,000 values
    /// is `*e`, on the sixth line.
    public static let billionLaughs = """
        a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
        f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
        g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
        h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
        i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]

        """
}
