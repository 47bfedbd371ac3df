PREFIX : <http://example.com/ns#>

INSERT DATA {
    << :a :b :c >> :p :o .
}
