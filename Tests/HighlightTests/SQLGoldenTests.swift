import Testing
import Highlight

/// Golden output for realistic SQL (SQLite and PostgreSQL).
@Suite struct SQLGoldenTests {
    @Test func schemaAndQuery() {
        let input = ##"""
        -- Posts with their tag counts.
        CREATE TABLE IF NOT EXISTS posts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title VARCHAR(200) NOT NULL DEFAULT 'Untitled',
            published_at TIMESTAMP,
            draft BOOLEAN DEFAULT FALSE
        );

        /* newest first */
        select p.title, count(t.id) as tags
        from posts p
        left join tags t on t.post_id = p.id
        where p.title like 'It''s %' and p.draft = false and p.id > ? and p.author = :author
        group by p.id
        order by p.published_at desc
        limit 10 offset $1;

        Insert Into "user" (name) Values ('O''Brien'), (NULL) Returning id::text;
        CREATE FUNCTION touch() RETURNS trigger AS $$ BEGIN NEW.updated := now(); END $$ LANGUAGE plpgsql;
        """##
        let expected = ##"""
        <span class="com">-- Posts with their tag counts.</span>
        <span class="kw">CREATE</span> <span class="kw">TABLE</span> <span class="kw">IF</span> <span class="kw">NOT</span> <span class="kw">EXISTS</span> posts (
            id <span class="ty">INTEGER</span> <span class="kw">PRIMARY</span> <span class="kw">KEY</span> <span class="kw">AUTOINCREMENT</span>,
            title <span class="ty">VARCHAR</span>(<span class="num">200</span>) <span class="kw">NOT</span> <span class="lit">NULL</span> <span class="kw">DEFAULT</span> <span class="str">'Untitled'</span>,
            published_at <span class="ty">TIMESTAMP</span>,
            draft <span class="ty">BOOLEAN</span> <span class="kw">DEFAULT</span> <span class="lit">FALSE</span>
        );

        <span class="com">/* newest first */</span>
        <span class="kw">select</span> p.<span class="prop">title</span>, <span class="fn">count</span>(t.<span class="prop">id</span>) <span class="kw">as</span> tags
        <span class="kw">from</span> posts p
        <span class="kw">left</span> <span class="kw">join</span> tags t <span class="kw">on</span> t.<span class="prop">post_id</span> <span class="op">=</span> p.<span class="prop">id</span>
        <span class="kw">where</span> p.<span class="prop">title</span> <span class="kw">like</span> <span class="str">'It''s %'</span> <span class="kw">and</span> p.<span class="prop">draft</span> <span class="op">=</span> <span class="lit">false</span> <span class="kw">and</span> p.<span class="prop">id</span> <span class="op">&gt;</span> <span class="var">?</span> <span class="kw">and</span> p.<span class="prop">author</span> <span class="op">=</span> <span class="var">:author</span>
        <span class="kw">group</span> <span class="kw">by</span> p.<span class="prop">id</span>
        <span class="kw">order</span> <span class="kw">by</span> p.<span class="prop">published_at</span> <span class="kw">desc</span>
        <span class="kw">limit</span> <span class="num">10</span> <span class="kw">offset</span> <span class="var">$1</span>;

        <span class="kw">Insert</span> <span class="kw">Into</span> &quot;user&quot; (name) <span class="kw">Values</span> (<span class="str">'O''Brien'</span>), (<span class="lit">NULL</span>) <span class="kw">Returning</span> id<span class="op">::</span><span class="ty">text</span>;
        <span class="kw">CREATE</span> <span class="kw">FUNCTION</span> <span class="fn">touch</span>() <span class="kw">RETURNS</span> <span class="kw">trigger</span> <span class="kw">AS</span> <span class="str">$$ BEGIN NEW.updated := now(); END $$</span> <span class="kw">LANGUAGE</span> plpgsql;
        """##
        #expect(Highlighter.highlight(input, language: .sql) == expected)
    }

    @Test func keywordsInAnyCase() {
        let input = ##"""
        SeLeCt Count(*) FROM t -- trailing
        WHERE x IS NOT null
        """##
        let expected = ##"""
        <span class="kw">SeLeCt</span> <span class="fn">Count</span>(<span class="op">*</span>) <span class="kw">FROM</span> t <span class="com">-- trailing</span>
        <span class="kw">WHERE</span> x <span class="kw">IS</span> <span class="kw">NOT</span> <span class="lit">null</span>
        """##
        #expect(Highlighter.highlight(input, language: .sql) == expected)
    }
}
