// Monarch syntax highlighting for the strata language.
export default {
    keywords: [
        'presentation','simultaneous','neighbours','defaults','requires','scenario','shuffled','builtin','extends','players','replace','shuffle','trigger','variant','visible','action','argmax','argmin','bottom','choose','create','expect','insert','number','period','player','prompt','radius','random','reject','remove','repeat','return','reveal','secret','square','after','board','break','count','false','graph','label','match','owner','param','phase','piece','place','reset','round','setup','space','track','until','where','while','bool','call','desc','draw','each','else','enum','fail','flow','from','game','hide','kind','link','list','move','none','pick','play','proc','rank','roll','seed','step','text','then','true','turn','view','zone','add','all','and','any','asc','die','end','for','hex','let','log','max','min','not','per','run','set','sum','top','use','var','as','at','by','do','fn','if','in','of','or','to'
    ],
    operators: [
        '-=','->','!=','..','+=','<=','==','=>','>=','_','-',',',':','?','.','*','/','%','+','<','=','>'
    ],
    ignoreCase: false,
    symbols: /-=|->|!=|\.\.|\+=|<=|==|=>|>=|_|-|,|:|\?|\.|\(|\)|\[|\]|\{|\}|\*|\/|%|\+|<|=|>/,

    tokenizer: {
        initial: [
            { regex: /[_a-zA-Z][\w]*/, action: { cases: { '@keywords': {"token":"keyword"}, '@default': {"token":"ID"} }} },
            { regex: /[0-9]+/, action: {"token":"number"} },
            { regex: /"(\\.|[^"\\])*"/, action: {"token":"string"} },
            { include: '@whitespace' },
            { regex: /@symbols/, action: { cases: { '@operators': {"token":"operator"}, '@default': {"token":""} }} },
        ],
        whitespace: [
            { regex: /\s+/, action: {"token":"white"} },
            { regex: /\/\*/, action: {"token":"comment","next":"@comment"} },
            { regex: /\/\/[^\n\r]*/, action: {"token":"comment"} },
        ],
        comment: [
            { regex: /[^/\*]+/, action: {"token":"comment"} },
            { regex: /\*\//, action: {"token":"comment","next":"@pop"} },
            { regex: /[/\*]/, action: {"token":"comment"} },
        ],
    }
};
