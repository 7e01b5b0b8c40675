import Testing
import Highlight

/// Golden output for a realistic Objective-C snippet.
@Suite struct ObjectiveCGoldenTests {
    @Test func spotlightIndexer() {
        let input = ##"""
        #import <CoreSpotlight/CoreSpotlight.h>
        #define MAX_ITEMS 10

        @interface Indexer : NSObject
        @property (nonatomic, strong) NSString *name;
        @end

        @implementation Indexer
        - (void)indexItem:(NSString *)title {
            CSSearchableItemAttributeSet *set = [[CSSearchableItemAttributeSet alloc] initWithItemContentType:@"public.text"];
            set.title = title; // the title
            if (self->count > MAX_ITEMS || flag == YES) { return; }
            NSArray *a = @[@1, @"two"];
        }
        @end
        """##
        let expected = ##"""
        <span class="pp">#import</span> <span class="str">&lt;CoreSpotlight/CoreSpotlight.h&gt;</span>
        <span class="pp">#define</span> MAX_ITEMS <span class="num">10</span>

        <span class="kw">@interface</span> <span class="ty">Indexer</span> : <span class="ty">NSObject</span>
        <span class="kw">@property</span> (<span class="kw">nonatomic</span>, <span class="kw">strong</span>) <span class="ty">NSString</span> <span class="op">*</span>name;
        <span class="kw">@end</span>

        <span class="kw">@implementation</span> <span class="ty">Indexer</span>
        <span class="op">-</span> (<span class="ty">void</span>)<span class="fn">indexItem</span>:(<span class="ty">NSString</span> <span class="op">*</span>)title {
            <span class="ty">CSSearchableItemAttributeSet</span> <span class="op">*</span>set <span class="op">=</span> [[<span class="ty">CSSearchableItemAttributeSet</span> <span class="fn">alloc</span>] <span class="fn">initWithItemContentType</span>:<span class="str">@&quot;public.text&quot;</span>];
            set.<span class="prop">title</span> <span class="op">=</span> title; <span class="com">// the title</span>
            <span class="kw">if</span> (<span class="kw">self</span><span class="op">-&gt;</span><span class="prop">count</span> <span class="op">&gt;</span> MAX_ITEMS <span class="op">||</span> flag <span class="op">==</span> <span class="lit">YES</span>) { <span class="kw">return</span>; }
            <span class="ty">NSArray</span> <span class="op">*</span>a <span class="op">=</span> <span class="op">@</span>[<span class="op">@</span><span class="num">1</span>, <span class="str">@&quot;two&quot;</span>];
        }
        <span class="kw">@end</span>
        """##
        #expect(Highlighter.highlight(input, language: .objectiveC) == expected)
    }

    @Test func messagesAndBlocks() {
        let input = ##"""
        - (void)viewDidLoad {
            [super viewDidLoad];
            [[CSSearchableIndex defaultSearchableIndex] indexSearchableItems:@[item] completionHandler:^(NSError *error) {
                if (error) { NSLog(@"%@", error.localizedDescription); }
            }];
            switch (x) { case kOne: break; default: break; }
            int y = flag ? a : b;
        }
        + (instancetype)sharedIndexer;
        """##
        let expected = ##"""
        <span class="op">-</span> (<span class="ty">void</span>)<span class="fn">viewDidLoad</span> {
            [<span class="kw">super</span> <span class="fn">viewDidLoad</span>];
            [[<span class="ty">CSSearchableIndex</span> <span class="fn">defaultSearchableIndex</span>] <span class="fn">indexSearchableItems</span>:<span class="op">@</span>[item] <span class="fn">completionHandler</span>:<span class="op">^</span>(<span class="ty">NSError</span> <span class="op">*</span>error) {
                <span class="kw">if</span> (error) { <span class="ty">NSLog</span>(<span class="str">@&quot;%@&quot;</span>, error.<span class="prop">localizedDescription</span>); }
            }];
            <span class="kw">switch</span> (x) { <span class="kw">case</span> kOne: <span class="kw">break</span>; <span class="kw">default</span>: <span class="kw">break</span>; }
            <span class="ty">int</span> y <span class="op">=</span> flag <span class="op">?</span> a : b;
        }
        <span class="op">+</span> (<span class="ty">instancetype</span>)<span class="fn">sharedIndexer</span>;
        """##
        #expect(Highlighter.highlight(input, language: .objectiveC) == expected)
    }
}
